// Starts work it never awaits, which rejects; answers nothing useful either.
export default { name: "leaves-unhandled-rejection", async dispatch() { Promise.reject(new Error("forgotten")); return "done"; } };
