package org.robocell.description;

import java.io.ByteArrayInputStream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing of the URDF reader ({@code <robot>} and its {@code <ros2_control>} blocks) on arbitrary
 * bytes, as a file or a bundle resource reaches it: a model, or one {@link DescriptionException} line. The seed
 * corpus (real URDFs: the default cell's, the test descriptions, small files for each tag) is in
 * {@code src/test/resources/org/robocell/description/RobotDescriptionFuzzTestInputs/}.
 */
class RobotDescriptionFuzzTest {

    private static final String SOURCE = "fuzzed.urdf";

    // a bound on each input, in regression and (as libFuzzer's -timeout) in fuzzing: a hang is a finding
    @Timeout(30)
    @FuzzTest
    void anyBytesGiveADescriptionOrOneLineError(byte[] urdf) {
        DescriptionOutcome.parsesOrFailsInOneLine(SOURCE,
                () -> RobotDescription.parse(new ByteArrayInputStream(urdf), SOURCE));
    }
}
