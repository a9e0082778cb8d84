export default { name: "throws-number", compile: () => () => { throw 42; } };
