/**
 * Problems: what setters make, version by version, and what workers judge by.
 *
 * <ul>
 * <li><b>Setters' endpoints</b>: {@code ProblemController} ({@code /api/problems}: create, edit, read,
 *     list), {@code ProblemImportController} (a Polygon package, read by {@code polygon/}, made a version
 *     by {@code PolygonImport}), {@code ProblemTestsController} (tests streamed in and out, as
 *     {@code TestUpload} reads them and {@code TestLines} writes them, {@code SpooledTests} between);
 *     what they take and show: {@code ProblemRequest}, {@code ProblemView}, {@code ProblemList}, {@code
 *     ProblemApiDocument}.</li>
 * <li><b>Who may do what</b>: {@code ProblemAccess} and {@code ProblemOwner} (a problem is its maker's),
 *     {@code ProblemVisibility} (who else may submit to it).</li>
 * <li><b>Stored</b>: {@code ProblemService} and {@code ProblemRepository} (versions, tests, their
 *     preparation), {@code ProblemVersion}, {@code ProblemsForJudging} (what a submission's request
 *     carries); the limits on test data and its transfers: {@code TestDataProperties}, {@code
 *     TestTransfers}, {@code TestQuotaExceededException}.</li>
 * <li><b>Preparation</b> (setters' programs built and tests made by a worker before a version takes
 *     submissions): {@code ProblemPreparations} sends them, fairly between owners; {@code
 *     PreparationEnded} sends the next when one ends; {@code ProblemNotReadyException} refuses a
 *     submission meanwhile.</li>
 * <li><b>The workers' endpoints</b>: {@code WorkerEndpoints} ({@code /internal}, management port only).</li>
 * <li>{@code LoadTestProblem}: the problem the chart's load test submits to.</li>
 * </ul>
 */
package dev.judge.api.problem;
