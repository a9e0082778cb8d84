export default { name: "hangs-in-validate", compile: () => () => { for (;;); } };
