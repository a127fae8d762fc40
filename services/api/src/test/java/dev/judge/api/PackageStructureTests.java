package dev.judge.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The packages as the compiled classes use each other (imports and fully qualified names alike). */
class PackageStructureTests {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.judge.api", "dev.judge.contracts");

    /** A package that needs another that needs it back is one feature in two places: its packages and the contracts'. */
    @Test
    void noPackageDependsOnOneThatDependsOnIt() {
        slices().matching("dev.judge.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    /**
     * A problem's definitions are the layer its jobs (test data, preparation, importing) stand on: the
     * definitions name none of them, and test data names neither of the jobs above it.
     */
    @Test
    void problemsJobsDependOnItsDefinitionsAndNotBack() {
        noClasses()
                .that()
                .resideInAPackage("dev.judge.api.problem")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("..problem.transfers..", "..problem.preparation..", "..problem.importing..")
                .check(CLASSES);
        noClasses()
                .that()
                .resideInAPackage("..problem.transfers..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("..problem.preparation..", "..problem.importing..")
                .check(CLASSES);
    }
}
