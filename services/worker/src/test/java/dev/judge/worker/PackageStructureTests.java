package dev.judge.worker;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The packages as the compiled classes use each other (imports and fully qualified names alike). */
class PackageStructureTests {

    /** A package that needs another that needs it back is one feature in two places: its packages. */
    @Test
    void noPackageDependsOnOneThatDependsOnIt() {
        slices().matching("dev.judge.(**)")
                .should()
                .beFreeOfCycles()
                .check(new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("dev.judge.worker"));
    }
}
