package org.robocell.api.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** Typed getters read text as the one value reader does, and say which key is wrong. */
class ParametersTest {

    private final Parameters p = new Parameters("c.yaml: jtc", Map.of("nan", "NaN", "inf", "Infinity", "yamlNan", ".nan",
            "quoted", "2.5", "hexFloat", "0x1p3", "count", "12", "big", "1e3", "word", "abc"));

    @Test
    void aNumberWrittenAsTextIsReadByTheYamlRulesSoJavasNaNIsNotANumber() {
        assertEquals(2.5, p.getDouble("quoted"));
        assertEquals(12L, p.getLong("count"));
        assertEquals(Double.NaN, p.getDouble("yamlNan"));
        ParameterException nan = assertThrows(ParameterException.class, () -> p.getDouble("nan"));
        assertEquals("c.yaml: jtc: parameter 'nan' must be a number, got 'NaN'", nan.getMessage());
        assertThrows(ParameterException.class, () -> p.getDouble("inf"));
        assertThrows(ParameterException.class, () -> p.getDouble("hexFloat"));
        assertThrows(ParameterException.class, () -> p.getLong("big"), "1e3 is a float, not an integer");
    }

    @Test
    void aRefusalCarriesTheKeyTheReasonAndTheMessageWithoutTheSource() {
        ParameterException wrong = assertThrows(ParameterException.class, () -> p.getDouble("word"));
        assertEquals("word", wrong.key());
        assertEquals(ParameterCheck.Reason.INVALID, wrong.reason());
        assertEquals("parameter 'word' must be a number, got 'abc'", wrong.detail());
        ParameterException missing = assertThrows(ParameterException.class, () -> p.getString("joints"));
        assertEquals("joints", missing.key());
        assertEquals(ParameterCheck.Reason.MISSING, missing.reason());
        assertEquals("c.yaml: jtc: parameter 'joints' is required but missing", missing.getMessage());
        ParameterException old = new ParameterException("legacy message");
        assertEquals(null, old.key());
        assertEquals("legacy message", old.detail());
    }
}
