// The reference for make bench: the same burst shape against a trivial endpoint of the same HTTP
// server (GET /api/languages: no database, no broker), so that accept throughput can be read as a
// share of what the server does without accepting anything.
import http from 'k6/http';
import { check } from 'k6';
import { Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const REQUESTS = parseInt(__ENV.SUBMISSIONS || '10000', 10);
const SUMMARY_FILE = __ENV.SUMMARY_FILE || 'judge-trivial-summary.json';

const started = new Trend('judge_post_started_at');
const finished = new Trend('judge_post_finished_at');

export const options = {
  scenarios: { trivial: { executor: 'per-vu-iterations', vus: REQUESTS, iterations: 1, maxDuration: '10m' } },
  thresholds: { http_req_failed: ['rate==0'], checks: ['rate==1'] },
};

export default function () {
  started.add(Date.now());
  const response = http.get(`${BASE_URL}/api/languages`, { timeout: '120s' });
  finished.add(Date.now());
  check(response, { 'status 200': (r) => r.status === 200 });
}

export function handleSummary(data) {
  return { [SUMMARY_FILE]: JSON.stringify(data, null, 2) };
}
