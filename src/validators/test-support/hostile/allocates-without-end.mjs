// Keeps every array it builds: only a heap cap stops it.
const kept = [];
export default {
  name: "allocates-without-end",
  compile() {
    for (;;) kept.push(new Array(1 << 20).fill(kept.length));
  },
};
