const lines: string[] = require("fs").readFileSync(0, "utf8").split("\n");
let sum = 0;
for (const line of lines) if (line) sum += Number(line);
console.log(sum);
