// Property tests run on a fixed seed so a run is reproducible (CI and a developer see the same cases);
// FC_SEED=random explores new ones, FC_SEED=N replays a seed fast-check printed.
import fc from "fast-check";

const requested = process.env.FC_SEED;
if (requested !== "random") fc.configureGlobal({ seed: requested === undefined ? 20261201 : Number(requested) });
