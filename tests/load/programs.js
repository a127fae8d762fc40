// Kept next to submissions.js: the cluster mounts both from one ConfigMap, whose keys cannot hold folders.
// Programs for the seeded "Sum" problem, with the verdict each must get.
export const SUM_PROBLEM = {
  title: 'Sum (load test)',
  timeLimitMs: 1000,
  memoryLimitMb: 128,
  testCases: [
    { input: '1 2\n', expectedOutput: '3\n' },
    { input: '40 2\n', expectedOutput: '42\n' },
  ],
};

export const PROGRAMS = {
  accepted: {
    language: 'python',
    sourceCode: 'a, b = map(int, input().split())\nprint(a + b)\n',
    verdict: 'ACCEPTED',
  },
  wrongAnswer: {
    language: 'python',
    sourceCode: 'print(0)\n',
    verdict: 'WRONG_ANSWER',
  },
  timeLimit: {
    language: 'python',
    sourceCode: 'while True:\n    pass\n',
    verdict: 'TIME_LIMIT_EXCEEDED',
  },
};

// The mix of the "mixed" scenario: mostly accepted, some wrong, a few that use their whole time limit.
export const MIX = [
  ...Array(16).fill(PROGRAMS.accepted),
  ...Array(3).fill(PROGRAMS.wrongAnswer),
  PROGRAMS.timeLimit,
];
