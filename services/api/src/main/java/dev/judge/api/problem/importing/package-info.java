/**
 * Problems made from a setter's package in one call ({@code ProblemImportController}, {@code POST
 * /api/problems/import}): an ICPC/Kattis package read by {@code kattis/} and mapped by {@code
 * KattisImport}, or a Polygon one read by {@code polygon/} and mapped by {@code PolygonImport}; both
 * from a zip read within limits by {@code archive/}, their tests stored one at a time by {@code
 * PackageTests}.
 */
package dev.judge.api.problem.importing;
