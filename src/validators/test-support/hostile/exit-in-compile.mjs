export default { name: "exit-in-compile", compile() { process.exit(0); } };
