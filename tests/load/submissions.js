// The judge's load scenario, the same script in the cluster (k6-operator TestRun, manifests/load-test/)
// and on one machine (make bench).
//
//   SCENARIO=burst  SUBMISSIONS virtual users each submit once, at the same moment (default 10000)
//   SCENARIO=rate   RATE submissions per second for DURATION
//   SCENARIO=mixed  a burst whose programs are accepted, wrong or too slow (programs.js MIX)
//
// PROBLEM_ID submits to a problem made beforehand (make bench's large one) instead of the sum problem.
//
// Each client then polls its submission until the verdict (FOLLOW=poll, the default) or follows its
// server-sent events (FOLLOW=sse: one request the server completes with the verdict). Pollers come
// back when Retry-After says (POLL=polite, the default) or every second whatever it says
// (POLL=impolite, with If-None-Match; 304 and 429 are then answers, not errors), and UNKNOWN_POLLERS
// more clients poll ids that name nothing, in a loop, for UNKNOWN_POLL_DURATION. Latencies are taken
// from the server's own timestamps (createdAt, finishedAt), so how the client waits does not blur them.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';

import { MIX, PROGRAMS, SUM_PROBLEM } from './programs.js';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const SCENARIO = __ENV.SCENARIO || 'burst';
const SUBMISSIONS = parseInt(__ENV.SUBMISSIONS || '10000', 10);
const RATE = parseInt(__ENV.RATE || '200', 10);
const DURATION = __ENV.DURATION || '60s';
const VERDICT_TIMEOUT_S = parseFloat(__ENV.VERDICT_TIMEOUT_S || '600');
const SUMMARY_FILE = __ENV.SUMMARY_FILE || 'judge-load-summary.json';
const FOLLOW = __ENV.FOLLOW || 'poll';
const POLL = __ENV.POLL || 'polite';
const UNKNOWN_POLLERS = parseInt(__ENV.UNKNOWN_POLLERS || '0', 10);
const UNKNOWN_POLL_DURATION = __ENV.UNKNOWN_POLL_DURATION || '120s';
// An API key to call with (every request); none: anonymous calls, where the API allows them.
const AUTH = __ENV.API_KEY ? { Authorization: `Bearer ${__ENV.API_KEY}` } : {};

const accepted = new Counter('judge_accepted');
const rejected = new Counter('judge_rejected');
// Why a POST was not accepted, by kind (k6 error codes: 1050 timeout, 1211 connect timeout,
// 1212 connection refused, 1220 reset by peer).
const errors = {
  timeout: new Counter('judge_errors_timeout'),
  refused: new Counter('judge_errors_refused'),
  reset: new Counter('judge_errors_reset'),
  non2xx: new Counter('judge_errors_non_2xx'),
  other: new Counter('judge_errors_other'),
};
// When POSTs started and finished (ms since the epoch): min and max give the accepting window.
const postStarted = new Trend('judge_post_started_at');
const postFinished = new Trend('judge_post_finished_at');
const verdicts = new Counter('judge_verdicts');
const polls = new Counter('judge_polls');
// How polls and event streams were answered, when not with what the client asked for (k6 error
// codes as above; 429 and 304 are expected answers to impolite polling, 5xx never is).
const readErrors = {
  timeout: new Counter('judge_read_errors_timeout'),
  '5xx': new Counter('judge_read_errors_5xx'),
  other: new Counter('judge_read_errors_other'),
};
const tooSoon = new Counter('judge_polls_429');
const notModified = new Counter('judge_polls_304');
const unknownPolls = new Counter('judge_unknown_polls');
const unexpectedVerdicts = new Counter('judge_unexpected_verdicts');
const noVerdict = new Counter('judge_no_verdict');
const acceptDuration = new Trend('judge_accept_duration', true);
const endToEnd = new Trend('judge_e2e_duration', true);

const SCENARIOS = {
  burst: { executor: 'per-vu-iterations', vus: SUBMISSIONS, iterations: 1, maxDuration: '30m' },
  mixed: { executor: 'per-vu-iterations', vus: SUBMISSIONS, iterations: 1, maxDuration: '30m' },
  rate: {
    executor: 'constant-arrival-rate', rate: RATE, timeUnit: '1s', duration: DURATION,
    preAllocatedVUs: Math.min(RATE * 30, 20000), maxVUs: Math.min(RATE * 60, 20000),
  },
};

const UNKNOWN_ID_POLLING = {
  executor: 'constant-vus', vus: UNKNOWN_POLLERS, duration: UNKNOWN_POLL_DURATION, exec: 'pollUnknownIds',
};
// Answers a poll may get without counting as a failed request.
const POLL_ANSWERS = http.expectedStatuses(200, 304, 429);

export const options = {
  scenarios: {
    [SCENARIO]: { ...SCENARIOS[SCENARIO], exec: 'submitAndAwaitVerdict' },
    ...(UNKNOWN_POLLERS > 0 ? { unknown: UNKNOWN_ID_POLLING } : {}),
  },
  setupTimeout: '120s',
  // Every POST accepted, every submission judged, every verdict the expected one.
  thresholds: {
    http_req_failed: ['rate==0'],
    checks: ['rate==1'],
    judge_rejected: ['count==0'],
    judge_no_verdict: ['count==0'],
    judge_unexpected_verdicts: ['count==0'],
    judge_read_errors_timeout: ['count==0'],
    judge_read_errors_5xx: ['count==0'],
    judge_read_errors_other: ['count==0'],
  },
  summaryTrendStats: ['min', 'med', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  // The public port has no Actuator (it is on the management port): the languages answer when the API does.
  const health = http.get(`${BASE_URL}/api/languages`);
  if (health.status !== 200) {
    fail(`the API at ${BASE_URL} does not answer: ${health.status} ${health.body}`);
  }
  if (__ENV.PROBLEM_ID) {
    return { problemId: parseInt(__ENV.PROBLEM_ID, 10) };
  }
  // The chart's load-test key may only submit: the API made its problem for it (LoadTestProblem).
  for (let page = '/api/problems'; page;) {
    const listed = http.get(`${BASE_URL}${page}`, { headers: AUTH });
    if (listed.status !== 200) {
      fail(`could not list the problems: ${listed.status} ${listed.body}`);
    }
    const found = listed.json('problems').find((p) => p.title === SUM_PROBLEM.title && p.status === 'READY');
    if (found) {
      return { problemId: found.id };
    }
    page = listed.json('next');
  }
  // Another caller (make bench's, anonymous or with a setter's key) makes it.
  const problem = http.post(`${BASE_URL}/api/problems`, JSON.stringify(SUM_PROBLEM),
    { headers: { ...AUTH, 'Content-Type': 'application/json' } });
  if (problem.status !== 201) {
    fail(`could not create the problem: ${problem.status} ${problem.body}`);
  }
  return { problemId: problem.json('id') };
}

let rejectionsLogged = 0; // per VU: the first few say why, without flooding the log

export function submitAndAwaitVerdict(data) {
  const program = SCENARIO === 'mixed' ? MIX[exec.scenario.iterationInTest % MIX.length] : PROGRAMS.accepted;
  postStarted.add(Date.now());
  const response = http.post(`${BASE_URL}/api/submissions`,
    JSON.stringify({ problemId: data.problemId, language: program.language, sourceCode: program.sourceCode }),
    { headers: { ...AUTH, 'Content-Type': 'application/json' }, timeout: '120s', tags: { name: 'submit' } });
  postFinished.add(Date.now());
  const ok = check(response, { 'submission accepted (202)': (r) => r.status === 202 });
  if (!ok) {
    rejected.add(1);
    errors[errorKind(response)].add(1);
    if (rejectionsLogged++ < 3) {
      console.warn(`POST not accepted: ${response.status || response.error} ${String(response.body || '').slice(0, 300)}`);
    }
    return;
  }
  accepted.add(1);
  acceptDuration.add(response.timings.duration);

  const id = response.json('id');
  const deadline = Date.now() + VERDICT_TIMEOUT_S * 1000;
  if (FOLLOW === 'sse') {
    const finished = followEvents(id);
    if (finished) {
      recordVerdict(finished, program);
      return;
    }
  }
  // Come back when the server says (Retry-After: its estimate of the wait, from the queue ahead and
  // the verdict rate); without one, back off from ~1 s to 10 s. Thousands of pollers must not crowd
  // out the judging they wait for. (Latencies come from the server's timestamps, so sparse polling
  // does not blur them.)
  let backOff = 1;
  let wait = POLL === 'impolite' ? 1 : retryAfter(response) ?? backOff;
  let etag;
  while (Date.now() < deadline) {
    sleep(wait);
    const view = http.get(`${BASE_URL}/api/submissions/${id}`, {
      tags: { name: 'poll' }, timeout: '60s', responseCallback: POLL_ANSWERS,
      headers: etag ? { ...AUTH, 'If-None-Match': etag } : AUTH,
    });
    polls.add(1);
    countReadAnswer(view);
    if (view.status === 200) {
      etag = view.headers.Etag;
      if (view.json('status') === 'FINISHED') {
        recordVerdict(view.json(), program);
        return;
      }
    }
    backOff = Math.min(backOff * 1.5, 10);
    wait = POLL === 'impolite' ? 1 : retryAfter(view) ?? backOff * (0.5 + Math.random());
  }
  noVerdict.add(1);
}

/** A client polling ids that name nothing, as fast as it is answered (404 is the right answer). */
export function pollUnknownIds() {
  const response = http.get(`${BASE_URL}/api/submissions/${crypto.randomUUID()}`, {
    headers: AUTH, tags: { name: 'unknown' }, timeout: '60s', responseCallback: http.expectedStatuses(404),
  });
  unknownPolls.add(1);
  if (response.status !== 404) {
    countReadAnswer(response);
  }
  sleep(0.1);
}

function countReadAnswer(response) {
  if (response.status === 429) {
    tooSoon.add(1);
  } else if (response.status === 304) {
    notModified.add(1);
  } else if (response.error_code === 1050 || response.error_code === 1211) {
    readErrors.timeout.add(1);
  } else if (response.status >= 500) {
    readErrors['5xx'].add(1);
  } else if (response.status !== 200 && response.status !== 404) {
    readErrors.other.add(1);
  }
}

/** The response's Retry-After in seconds, or undefined. */
function retryAfter(response) {
  const seconds = parseInt(response.headers['Retry-After'], 10);
  return Number.isNaN(seconds) ? undefined : seconds;
}

/** Reads the event stream to its end; returns the last state if it is the verdict, else null. */
function followEvents(id) {
  const stream = http.get(`${BASE_URL}/api/submissions/${id}/events`,
    { headers: { ...AUTH, Accept: 'text/event-stream' }, timeout: `${VERDICT_TIMEOUT_S}s`, tags: { name: 'events' } });
  countReadAnswer(stream);
  if (stream.status !== 200 || !stream.body) {
    return null;
  }
  const events = stream.body.split('\n').filter((line) => line.startsWith('data:'));
  const last = events.length ? JSON.parse(events[events.length - 1].slice('data:'.length)) : null;
  return last && last.status === 'FINISHED' ? last : null;
}

function recordVerdict(view, program) {
  verdicts.add(1);
  endToEnd.add(Date.parse(view.finishedAt) - Date.parse(view.createdAt));
  const expected = check(view, { 'expected verdict': (v) => v.verdict === program.verdict });
  if (!expected) {
    unexpectedVerdicts.add(1, { verdict: String(view.verdict) });
  }
}

function errorKind(response) {
  switch (response.error_code) {
    case 1050: case 1211: return 'timeout';
    case 1212: return 'refused';
    case 1220: return 'reset';
    case 0: return 'non2xx';
    default: return response.status ? 'non2xx' : 'other';
  }
}

export function handleSummary(data) {
  const metric = (name, stat) => (data.metrics[name] ? data.metrics[name].values[stat] : undefined);
  const lines = [
    `scenario ${SCENARIO} against ${BASE_URL}`,
    `accepted ${metric('judge_accepted', 'count') || 0}, rejected ${metric('judge_rejected', 'count') || 0}, ` +
      `verdicts ${metric('judge_verdicts', 'count') || 0}, unexpected ${metric('judge_unexpected_verdicts', 'count') || 0}, ` +
      `no verdict ${metric('judge_no_verdict', 'count') || 0}, polls ${metric('judge_polls', 'count') || 0}`,
    `rejected as: timeout ${metric('judge_errors_timeout', 'count') || 0}, refused ${metric('judge_errors_refused', 'count') || 0}, ` +
      `reset ${metric('judge_errors_reset', 'count') || 0}, non-2xx ${metric('judge_errors_non_2xx', 'count') || 0}, ` +
      `other ${metric('judge_errors_other', 'count') || 0}`,
    `accept ms: p50 ${fmt(metric('judge_accept_duration', 'med'))} p95 ${fmt(metric('judge_accept_duration', 'p(95)'))} ` +
      `p99 ${fmt(metric('judge_accept_duration', 'p(99)'))} max ${fmt(metric('judge_accept_duration', 'max'))}`,
    `end to end ms: p50 ${fmt(metric('judge_e2e_duration', 'med'))} p95 ${fmt(metric('judge_e2e_duration', 'p(95)'))} ` +
      `p99 ${fmt(metric('judge_e2e_duration', 'p(99)'))}`,
    `reads: 304 ${metric('judge_polls_304', 'count') || 0}, 429 ${metric('judge_polls_429', 'count') || 0}, ` +
      `unknown ids ${metric('judge_unknown_polls', 'count') || 0}; errors: timeout ${metric('judge_read_errors_timeout', 'count') || 0}, ` +
      `5xx ${metric('judge_read_errors_5xx', 'count') || 0}, other ${metric('judge_read_errors_other', 'count') || 0}`,
    `http failures ${fmt(100 * (metric('http_req_failed', 'rate') || 0))}%`,
  ];
  return { stdout: lines.join('\n') + '\n', [SUMMARY_FILE]: JSON.stringify(data, null, 2) };
}

function fmt(value) {
  return value === undefined ? '-' : value.toFixed(1);
}
