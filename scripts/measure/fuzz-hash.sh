#!/bin/sh
# Exactness check: fuzz --format json without stats (and its CPU time), seed 1, default catalogs.
# usage: fuzz-hash.sh <repo root> <runs>
cd "$1" && /usr/bin/time -f "cpu %U+%S" node bin/schemalab.js fuzz --runs "$2" --workers 2 --seed 1 --format json 2>/tmp/fuzz-hash.err.$$ | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);const cpu=j.stats&&j.stats.cpuMs;delete j.stats;console.log("fuzz '"$2"': "+require("crypto").createHash("sha256").update(JSON.stringify(j)).digest("hex").slice(0,24)+" findings "+j.findings.length+" statsCpuMs "+cpu)})'
tail -1 /tmp/fuzz-hash.err.$$; rm -f /tmp/fuzz-hash.err.$$
