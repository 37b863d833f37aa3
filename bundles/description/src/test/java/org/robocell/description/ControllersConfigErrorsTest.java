package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.robocell.description.Errors.assertFails;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each broken controller file is reported with file, line, the key path and what was expected. */
class ControllersConfigErrorsTest {

    @Test
    void missingControllerManagerIsRejected() {
        assertFails(() -> parse("""
                jtc:
                  ros__parameters:
                    joints: [a]
                """), "c.yaml:1", "there is no 'controller_manager' section",
                "expected a top-level 'controller_manager:' key (or '/**/controller_manager:') with 'ros__parameters:'");
    }

    /** Found by the fuzzer: an anchor where a controller's name belongs leaves the name empty. */
    @Test
    void anEmptyKeyIsRejectedAtItsLine() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    update_rate: 250
                    &jsb:
                      type: joint_state_broadcaster/JointStateBroadcaster
                """), "c.yaml:4", "a key in 'controller_manager.ros__parameters' is empty", "expected a name");
    }

    @Test
    void missingRosParametersIsRejected() {
        assertFails(() -> parse("""
                controller_manager:
                  update_rate: 1000
                """), "c.yaml:1", "'controller_manager' has no 'ros__parameters'",
                "expected 'controller_manager:' then, indented, 'ros__parameters:'");
    }

    @Test
    void misspeltRosParametersIsPointedOut() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc:
                  ros_parameters:
                    joints: [a]
                """), "c.yaml:5", "'jtc' has 'ros_parameters' but no 'ros__parameters' (did you mean 'ros__parameters'?)");
    }

    @Test
    void nonPrintableCharacterIsReportedWhereItIs() {
        assertFails(() -> parse("controller_manager:\n  ros__parameters:\n    x: a\u0001b\n"), "c.yaml:3:9",
                "the character U+0001 is not allowed in YAML", "expected printable text");
    }

    @Test
    void updateRateMustBeAPositiveInteger() {
        for (String bad : new String[] {"0", "-5", "100.5", "fast", "[1000]", "99999999999"}) {
            assertFails(() -> parse("controller_manager:\n  ros__parameters:\n    update_rate: " + bad + "\n"),
                    "c.yaml:3", "'controller_manager.ros__parameters.update_rate' is",
                    "expected a positive integer (cycles per second)");
        }
    }

    @Test
    void controllerWithoutTypeIsRejected() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    update_rate: 100
                    jtc: {fallback_controllers: []}
                """), "c.yaml:4", "controller 'jtc' has no 'type'", "expected 'type: package/ClassName'");
    }

    @Test
    void typeMustBeAString() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc:
                      type: 42
                """), "c.yaml:4", "'controller_manager.ros__parameters.jtc.type' is the number 42",
                "expected a type string such as joint_trajectory_controller/JointTrajectoryController");
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc:
                      type: {a: b}
                """), "c.yaml:4", "is a map", "expected a type string");
    }

    @Test
    void parametersForAnUndeclaredControllerAreAnErrorThatSuggestsTheDeclaredName() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc:
                      type: joint_trajectory_controller/JointTrajectoryController
                jct:
                  ros__parameters:
                    joints: [a1]
                """), "c.yaml:5", "parameters for 'jct', which 'controller_manager' does not declare",
                "expected one of the declared controllers (jtc) (did you mean 'jtc'?)");
    }

    @Test
    void controllerParametersInsideTheDeclarationAreRejectedWithAHint() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc:
                      type: t/T
                      joints: [a1]
                """), "c.yaml:5", "unknown key 'joints' in the declaration of controller 'jtc'",
                "expected only 'type' and 'fallback_controllers'", "go under a top-level 'jtc: ros__parameters:'");
    }

    @Test
    void conflictingTypesAreRejected() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: a/A}
                jtc:
                  ros__parameters:
                    type: b/B
                """), "c.yaml:6", "has type 'b/B' here but 'a/A' in its declaration (line 3)", "expected one type");
    }

    @Test
    void wrongYamlTypesAreNamed() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc:
                  ros__parameters:
                    joints: [a1, [a2]]
                """), "c.yaml:6", "'jtc.ros__parameters.joints' is a list that contains a list",
                "expected a list of scalars");
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc: [1, 2]
                """), "c.yaml:4", "'jtc' is a list", "expected 'jtc:' followed by 'ros__parameters:'");
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc:
                  ros__parameters: 7
                """), "c.yaml:5", "'jtc.ros__parameters' is the number 7", "expected a map of parameters");
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc:
                  ros__parameters:
                    gain:
                """), "c.yaml:6", "'jtc.ros__parameters.gain' has no value", "expected a string, number");
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc:
                  ros__parameters:
                    mixed: [1, two]
                """), "c.yaml:6", "'jtc.ros__parameters.mixed' mixes numbers and strings", "expected all items of one kind");
    }

    @Test
    void listOfMapsIsReadAsTheMapsKeysUnderTheListsKeyAndARepeatedKeyIsRejected() {
        // gpio_controllers' form (flange_vacuum: [{interfaces: [vacuum]}]) reads as flange_vacuum.interfaces; two
        // maps giving the same key cannot both be meant
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc:
                  ros__parameters:
                    joints:
                      - name: a1
                      - name: a2
                """), "c.yaml:8", "'jtc.ros__parameters.joints.name' is given twice in 'jtc.ros__parameters' (first at "
                + "line 7)", "expected each parameter once");
    }

    @Test
    void duplicateKeysAreRejectedWithBothLines() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc:
                  ros__parameters:
                    joints: [a1]
                    joints: [a2]
                """), "c.yaml:7", "key 'joints' appears twice in 'jtc.ros__parameters' (first at line 6)",
                "expected each key once");
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                jtc:
                  ros__parameters:
                    gains: {a1: {p: 1.0}}
                    gains.a1.p: 2.0
                """), "c.yaml:7", "'jtc.ros__parameters.gains.a1.p' is given twice", "expected each parameter once");
    }

    @Test
    void malformedYamlGivesLineAndColumn() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    update_rate: 100
                   jtc: {type: t/T}
                """), "c.yaml:4:4", "malformed YAML", "expected well-formed YAML");
        assertFails(() -> parse("controller_manager: {ros__parameters: [\n"), "c.yaml:2:1", "malformed YAML");
    }

    @Test
    void emptyDocumentIsRejected() {
        assertFails(() -> parse(""), "c.yaml", "the document is empty", "expected a map with a 'controller_manager:' key");
        assertFails(() -> parse("# only a comment\n"), "c.yaml", "the document is empty");
    }

    @Test
    void fallbackControllersMustBeDeclaredOthers() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    a: {type: t/A, fallback_controllers: [a]}
                """), "c.yaml:3", "controller 'a' lists itself in fallback_controllers", "expected other controllers");
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    a: {type: t/A, fallback_controllers: [hld]}
                    hold: {type: t/H}
                """), "c.yaml:3", "fallback controller 'hld' of 'a' is not declared", "did you mean 'hold'?");
    }

    @Test
    void controllersOutsideTheManagersNamespaceAreRejected() {
        assertFails(() -> parse("""
                /robot1/controller_manager:
                  ros__parameters:
                    jtc: {type: t/T}
                /robot2/jtc:
                  ros__parameters:
                    joints: [a]
                """), "c.yaml:4", "'/robot2/jtc' is in namespace '/robot2'", "expected controllers in the controller manager's namespace");
    }

    @Test
    void unsupportedTagsAndMergeKeysAreRejected() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    blob: !!binary aGVsbG8=
                """), "c.yaml:3", "has the tag tag:yaml.org,2002:binary", "expected a plain string, number or boolean");
        assertFails(() -> parse("""
                base: &base {ros__parameters: {x: 1}}
                controller_manager:
                  <<: *base
                """), "c.yaml:3", "merge keys ('<<') are not supported");
    }

    @Test
    void fileThatIsNotUtf8IsRejectedAtTheLineOfTheBadByte(@TempDir Path dir) throws Exception {
        byte[] text = "controller_manager:\n  ros__parameters:\n    name: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        Path file = Files.write(dir.resolve("latin1.yaml"), text);
        DescriptionException e = assertFails(() -> ControllersConfig.parse(file), file + ":3", "is not valid UTF-8",
                "expected a UTF-8 text file");
        assertEquals(3, e.line());
    }

    @Test
    void billionLaughsAliasesAreRefusedQuickly() {
        StringBuilder yaml = new StringBuilder("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i < 10; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [");
            yaml.append(("*a" + (i - 1) + ", ").repeat(9)).append("*a").append(i - 1).append("]\n");
        }
        yaml.append("controller_manager:\n  ros__parameters:\n    x: *a9\n");
        // the bound only guards against a hang; the refusal itself is immediate
        assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertFails(() -> parse(yaml.toString()), "c.yaml", "malformed YAML", "aliases"));
    }

    @Test
    void aliasExpansionIsBoundedEvenUnderTheAliasLimit() {
        StringBuilder yaml = new StringBuilder("controller_manager:\n  ros__parameters:\n    c: {type: t/T}\n"
                + "c:\n  ros__parameters:\n    l0: &l0 {a: 1, b: 2, c: 3, d: 4}\n");
        for (int i = 1; i <= 8; i++) {
            yaml.append("    l").append(i).append(": &l").append(i).append(" {");
            for (int k = 0; k < 5; k++) {
                yaml.append(k == 0 ? "" : ", ").append("k").append(k).append(": *l").append(i - 1);
            }
            yaml.append("}\n");
        }
        assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertFails(() -> parse(yaml.toString()), "c.yaml:6", "more than 100000 values after expanding aliases"));
    }

    @Test
    void recursiveAliasIsRefused() {
        assertFails(() -> parse("""
                controller_manager:
                  ros__parameters:
                    c: {type: t/T}
                c:
                  ros__parameters:
                    x: &x {y: *x}
                """), "c.yaml:6", "an alias refers to a map or list that contains it", "expected no recursive aliases");
    }

    private static ControllersConfig parse(String yaml) {
        return ControllersConfig.parse(yaml, "c.yaml");
    }
}
