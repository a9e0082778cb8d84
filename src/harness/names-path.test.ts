import { describe, expect, test } from "vitest";
import { namesPath } from "./names-path.js";

describe("namesPath", () => {
  test.each([
    ["data.data.weight_kg: must be number", "/data/weight_kg"],
    ["/data/weight_kg must be number", "/data/weight_kg"],
    ["weight_kg must be a number at data.weight_kg", "/data/weight_kg"],
    ["data.items[1].grams: must be integer", "/items/1/grams"],
    ["items.1.grams is not an integer", "/items/1/grams"],
    ['data.data: must NOT have additional properties ("heart_rate")', "/data/heart_rate"],
    ["data: must have required property 'meal'", "/meal"],
    ["data.meal: must be equal to one of the allowed values", "/meal"],
    // Ajv 8 errorsText(): `${dataVar}${instancePath} ${message}`, dataVar "data", joined by ", ".
    ["data/data/weight_kg must be number", "/data/weight_kg"],
    ["data/data/weight_kg must be number, data/data/resting_hr_bpm must be integer", "/data/resting_hr_bpm"],
    ["data/items/1/grams must be integer", "/items/1/grams"],
    ["data/meal must be equal to one of the allowed values", "/meal"],
    ["data/data must NOT have additional properties", "/data/heart_rate"],
    ["data/data must be object", "/data"],
    ["$.items[1].grams: expected integer", "/items/1/grams"],
    ["#/data/weight_kg: not a number", "/data/weight_kg"],
    ["Error: invalid value at /data/weight_kg.", "/data/weight_kg"],
  ])("%s names %s", (text, pointer) => {
    expect(namesPath(text, pointer)).toBe(true);
  });

  test.each([
    ["must be number", "/data/weight_kg"],
    ["data.weight: must be number", "/data/weight_kg"],
    ["invalid arguments", "/meal"],
    ["data.items[0].grams: must be integer", "/items/1/grams"],
    ["the updated value is wrong", "/date"],
    ['must NOT have additional properties ("heart_rate")', "/data/heart_rate/value"],
    ["data/items/0/grams must be integer", "/items/1/grams"],
    ["data/other/weight_kg must be number", "/data/weight_kg"],
    ["data/data/weight_kg must be number", "/data"],
    ["data/meal must be string", "/data/heart_rate"],
  ])("%s does not name %s", (text, pointer) => {
    expect(namesPath(text, pointer)).toBe(false);
  });
});
