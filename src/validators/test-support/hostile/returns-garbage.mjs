// validate returns neither a boolean nor { valid }: every case is a contract violation.
export default { name: "returns-garbage", compile: () => () => "yes" };
