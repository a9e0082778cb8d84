const kept = [];
export default { name: "allocates-without-end", dispatch() { for (;;) kept.push(new Array(1 << 20).fill(kept.length)); } };
