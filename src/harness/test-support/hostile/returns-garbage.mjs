export default { name: "returns-garbage", async dispatch() { return "yes"; } };
