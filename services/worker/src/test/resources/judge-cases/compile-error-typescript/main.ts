const answer: number = "not a number";
console.log(answer);
