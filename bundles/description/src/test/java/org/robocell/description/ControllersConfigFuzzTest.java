package org.robocell.description;

import java.io.ByteArrayInputStream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing of the controllers YAML reader on arbitrary bytes: a configuration, or one
 * {@link DescriptionException} line, never another exception, a stack overflow or an out-of-memory error from
 * aliases or nesting. The seed corpus (the default cell's controller files, the test configuration, one file per
 * feature: wildcards, namespaces, a type in the controller's own section) is in
 * {@code src/test/resources/org/robocell/description/ControllersConfigFuzzTestInputs/}.
 */
class ControllersConfigFuzzTest {

    private static final String SOURCE = "fuzzed.yaml";

    // a bound on each input, in regression and (as libFuzzer's -timeout) in fuzzing: a hang is a finding
    @Timeout(30)
    @FuzzTest
    void anyBytesGiveAConfigurationOrOneLineError(byte[] yaml) {
        DescriptionOutcome.parsesOrFailsInOneLine(SOURCE,
                () -> ControllersConfig.parse(new ByteArrayInputStream(yaml), SOURCE));
    }
}
