/**
 * Problems: what setters make, version by version, and what workers judge by. This package is the
 * definitions; the jobs around them are packages of their own, each depending on this one and never
 * the other way round:
 *
 * <ul>
 * <li><b>Here</b>: the setters' endpoints {@code ProblemController} ({@code /api/problems}: create, edit,
 *     read, list), what they take and show ({@code ProblemRequest}, {@code ProblemView}, {@code
 *     ProblemList}, {@code ProblemApiDocument}); who may do what ({@code ProblemAccess}, {@code
 *     ProblemOwner}: a problem is its maker's; {@code ProblemVisibility}: who else may submit to it);
 *     what is stored ({@code ProblemService}, {@code ProblemRepository}, {@code ProblemVersion}, the
 *     limits on test data {@code TestDataProperties} and {@code TestQuotaExceededException}); what a
 *     submission's request carries ({@code ProblemsForJudging}); {@code LoadTestProblem}, the problem
 *     the chart's load test submits to; {@code PreparationQueue}, what storing needs of preparation.</li>
 * <li>{@code transfers/}: a problem's tests streamed in and out, and the transfer slots they take.</li>
 * <li>{@code preparation/}: versions sent to the workers to be prepared, fairly between owners, and the
 *     workers' endpoints ({@code /internal}, management port only).</li>
 * <li>{@code importing/}: {@code POST /api/problems/import}, ICPC/Kattis ({@code kattis/}) and Polygon
 *     ({@code polygon/}) packages read from a zip ({@code archive/}) and mapped to a version.</li>
 * </ul>
 */
package dev.judge.api.problem;
