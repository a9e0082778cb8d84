import fc from "fast-check";
const t=Date.now();
try { console.log(fc.sample(fc.uniqueArray(fc.boolean(), {minLength: 3, maxLength: 4}), 2)); } catch(e) { console.log("err", e.message); }
console.log(Date.now()-t);
console.log(fc.sample(fc.uniqueArray(fc.constantFrom(1,2,3), {minLength: 2, maxLength: 3}), 5));
console.log(fc.sample(fc.stringMatching(/^[a-z]{2,3}$/u), 5), fc.sample(fc.stringMatching(/ab/u), 5));
try { console.log(fc.sample(fc.stringMatching(/^\p{L}+$/u), 3)); } catch(e) { console.log("err", e.message); }
console.log(fc.sample(fc.record({a: fc.nat(), __proto__: fc.nat()}, {requiredKeys: []}), 3));
