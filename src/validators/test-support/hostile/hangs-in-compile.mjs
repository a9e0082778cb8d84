export default { name: "hangs-in-compile", compile() { for (;;); } };
