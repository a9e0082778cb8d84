export default { name: "compile-returns-string", compile: () => "not a function" };
