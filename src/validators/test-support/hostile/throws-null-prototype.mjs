export default { name: "throws-null-prototype", compile: () => () => { throw Object.create(null); } };
