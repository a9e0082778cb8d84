// Broken on purpose: additionalProperties: false (and unevaluatedProperties: false) are ignored.
import { brokenAjv } from "./rewrite-schema.js";

export default brokenAjv("extra-fields-ignored", (node) => {
  const { additionalProperties, unevaluatedProperties, ...rest } = node;
  return {
    ...rest,
    ...(additionalProperties === false ? {} : additionalProperties === undefined ? {} : { additionalProperties }),
    ...(unevaluatedProperties === false ? {} : unevaluatedProperties === undefined ? {} : { unevaluatedProperties }),
  };
});
