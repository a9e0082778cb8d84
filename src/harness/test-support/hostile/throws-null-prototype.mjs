export default { name: "throws-null-prototype", async dispatch() { throw Object.create(null); } };
