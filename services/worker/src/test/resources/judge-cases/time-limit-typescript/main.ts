let i: number = 0;
while (i >= 0) i = (i + 1) % 1000;
console.log(i);
