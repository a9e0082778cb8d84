// Throws later, from a timer, outside any call: an uncaught exception in its worker (this once aborted the lab).
export default {
  name: "throws-from-timer",
  compile() {
    setTimeout(() => { throw Object.create(null); }, 0);
    return () => true;
  },
};
