process.exit(0);
export default { name: "exit-at-import", async dispatch() { return []; } };
