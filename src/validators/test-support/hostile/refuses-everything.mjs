export default { name: "refuses-everything", compile() { throw new Error("not today"); } };
