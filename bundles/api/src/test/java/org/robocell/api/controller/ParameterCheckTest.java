package org.robocell.api.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.ParameterCheck.Problem;
import org.robocell.api.controller.ParameterCheck.Reason;

/** A controller's verdict on candidate parameters: the offending key, a typed reason, one line. */
class ParameterCheckTest {

    private static final ParameterNames NAMES = ParameterNames.of("joints", "constraints.goal_time")
            .perEntry("joints", "gains.{}.p");

    /** A reader in the style of the controllers' config readers: throws for the first problem. */
    private static void read(Parameters p) {
        p.getStringList("joints");
        double t = p.getDouble("constraints.goal_time", 0.0);
        if (!(t >= 0) || Double.isInfinite(t)) {
            throw new ParameterException("constraints.goal_time",
                    "parameter 'constraints.goal_time' must be a finite value >= 0, got " + t);
        }
        for (String j : p.getStringList("joints")) {
            p.getDouble("gains." + j + ".p", 0.0);
        }
    }

    private static ParameterCheck check(Map<String, ?> values) {
        return ParameterCheck.check(new Parameters("test", values), NAMES, ParameterCheckTest::read);
    }

    @Test
    void aCompleteValidSetIsAccepted() {
        ParameterCheck c = check(Map.of("joints", List.of("a1", "a2"), "constraints.goal_time", 0.5, "gains.a2.p", 2.0,
                "update_rate", 100L, "type", "x/Y"));
        assertTrue(c.ok(), c.toString());
        assertEquals("", c.message());
    }

    @Test
    void anInvalidValueIsNamedWithWhatWasExpected() {
        ParameterCheck c = check(Map.of("joints", List.of("a1"), "constraints.goal_time", -1L));
        assertEquals(List.of(new Problem("constraints.goal_time", Reason.INVALID,
                "parameter 'constraints.goal_time' must be a finite value >= 0, got -1.0")), c.problems());
        ParameterCheck text = check(Map.of("joints", List.of("a1"), "constraints.goal_time", "abc"));
        assertEquals(new Problem("constraints.goal_time", Reason.INVALID,
                "parameter 'constraints.goal_time' must be a number, got 'abc'"), text.first().orElseThrow());
        ParameterCheck nan = check(Map.of("joints", List.of("a1"), "constraints.goal_time", "NaN"));
        assertEquals("parameter 'constraints.goal_time' must be a number, got 'NaN'", nan.message());
        ParameterCheck joints = check(Map.of("joints", 5L));
        assertEquals(new Problem("joints", Reason.INVALID, "parameter 'joints' must be a list of strings, got 5"),
                joints.first().orElseThrow());
    }

    @Test
    void anUnknownKeyGetsTheClosestKnownName() {
        ParameterCheck typo = check(Map.of("joints", List.of("a1"), "gains.a1.pp", 1.0));
        assertEquals(List.of(new Problem("gains.a1.pp", Reason.UNKNOWN,
                "unknown parameter 'gains.a1.pp' (did you mean 'gains.a1.p'?)")), typo.problems());
        ParameterCheck shortName = check(Map.of("joints", List.of("a1"), "goal_tim", 1.0));
        assertEquals("unknown parameter 'goal_tim' (did you mean 'constraints.goal_time'?)", shortName.message(),
                "the last dotted part of a known name counts too");
        ParameterCheck other = check(Map.of("joints", List.of("a1"), "wibble", 1.0));
        assertEquals("unknown parameter 'wibble' (known: constraints.goal_time, gains.a1.p, joints)",
                other.message());
        ParameterCheck otherJoint = check(Map.of("joints", List.of("a1"), "gains.a7.p", 1.0));
        assertEquals(Reason.UNKNOWN, otherJoint.first().orElseThrow().reason(), "a7 is not one of the joints");
    }

    @Test
    void theParametersEveryControllerHasAreCheckedToo() {
        ParameterCheck rate = check(Map.of("joints", List.of("a1"), "update_rate", -5L));
        assertEquals(new Problem("update_rate", Reason.INVALID,
                "parameter 'update_rate' must be at least 0 (Hz; 0 runs it at the loop's rate), got -5"),
                rate.first().orElseThrow());
        ParameterCheck async = check(Map.of("joints", List.of("a1"), "is_async", "maybe"));
        assertEquals("is_async", async.first().orElseThrow().key());
    }

    @Test
    void aMissingRequiredParameterIsReportedAsMissing() {
        ParameterCheck c = check(Map.of("constraints.goal_time", 1.0));
        assertEquals(new Problem("joints", Reason.MISSING, "parameter 'joints' is required but missing"),
                c.first().orElseThrow());
    }

    @Test
    void settingAKeyAnswersOnlyForWhatThatKeyBreaks() {
        ParameterCheck c = ParameterCheck.of(List.of(new Problem("joints", Reason.MISSING, "m"),
                new Problem("old_unknown", Reason.UNKNOWN, "u1"), new Problem("new_unknown", Reason.UNKNOWN, "u2"),
                new Problem("untouched", Reason.INVALID, "i1"), new Problem("set", Reason.INVALID, "i2"),
                new Problem(null, Reason.INVALID, "two keys disagree")));
        ParameterCheck relevant = c.relevantTo(Set.of("new_unknown", "set"));
        assertEquals(List.of("u2", "i2", "two keys disagree"),
                relevant.problems().stream().map(Problem::message).toList());
        assertTrue(c.relevantTo(Set.of("joints")).problems().stream().noneMatch(p -> p.reason() == Reason.MISSING),
                "required keys may be set one at a time");
        assertTrue(ParameterCheck.ACCEPTED.relevantTo(Set.of("x")).ok());
    }
}
