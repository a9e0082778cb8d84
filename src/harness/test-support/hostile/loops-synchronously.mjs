export default { name: "loops-synchronously", dispatch() { for (;;); } };
