export default { name: "exits", async dispatch() { process.exit(0); } };
