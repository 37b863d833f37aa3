package org.robocell.api.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The one reader of {@code key=value} text, as a specification: YAML 1.2 core schema, flow values. */
class ParameterValuesTest {

    private static String refusal(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ParameterValues.parse(text),
                text);
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void decimalWholeNumbersAreLongsAndOtherNumbersDoubles() {
        assertEquals(2L, ParameterValues.parse("2"));
        assertEquals(-7L, ParameterValues.parse("-7"));
        assertEquals(7L, ParameterValues.parse("+7"));
        assertEquals(17L, ParameterValues.parse("017"), "no C-style octal: 017 is seventeen");
        assertEquals(2.5, ParameterValues.parse("2.5"));
        assertEquals(-1e-3, ParameterValues.parse("-1e-3"));
        assertEquals(1000.0, ParameterValues.parse("1e3"), "an exponent makes a float even without a dot");
        assertEquals(1.0, ParameterValues.parse("1."));
        assertEquals(0.5, ParameterValues.parse(".5"));
        assertEquals(1e308, ParameterValues.parse("1e308"));
    }

    @Test
    void octalAndHexAreTheCoreSchemaSpellings() {
        assertEquals(15L, ParameterValues.parse("0o17"));
        assertEquals(255L, ParameterValues.parse("0xff"));
        assertEquals(255L, ParameterValues.parse("0xFF"));
    }

    @Test
    void numbersThatDoNotFitAreRefusedNotRounded() {
        assertTrue(refusal("9223372036854775808").contains("does not fit a 64-bit integer"));
        assertEquals(Long.MAX_VALUE, ParameterValues.parse("9223372036854775807"));
        assertTrue(refusal("0x10000000000000000").contains("does not fit a 64-bit integer"));
        assertTrue(refusal("1e309").contains("too large for a double"));
    }

    @Test
    void yamlWritesNotANumberAndInfinityWithADot() {
        assertTrue(Double.isNaN((Double) ParameterValues.parse(".nan")));
        assertTrue(Double.isNaN((Double) ParameterValues.parse(".NaN")));
        assertEquals(Double.POSITIVE_INFINITY, ParameterValues.parse(".inf"));
        assertEquals(Double.POSITIVE_INFINITY, ParameterValues.parse("+.Inf"));
        assertEquals(Double.NEGATIVE_INFINITY, ParameterValues.parse("-.INF"));
    }

    @Test
    void javasWordsForNotANumberAreTextSoANumberCannotBeNaNByAccident() {
        assertEquals("NaN", ParameterValues.parse("NaN"));
        assertEquals("Infinity", ParameterValues.parse("Infinity"));
        assertEquals("-Infinity", ParameterValues.parse("-Infinity"));
        assertEquals("0x1p3", ParameterValues.parse("0x1p3"), "Java's hex float is not YAML");
        assertEquals("1d", ParameterValues.parse("1d"));
        assertNull(ParameterValues.number("NaN"));
        assertNull(ParameterValues.number("abc"));
        assertEquals(2.5, ParameterValues.number("2.5"));
    }

    @Test
    void booleansAreTheSixCoreSpellingsAndYesNoStayText() {
        for (String t : List.of("true", "True", "TRUE")) {
            assertEquals(Boolean.TRUE, ParameterValues.parse(t));
        }
        for (String f : List.of("false", "False", "FALSE")) {
            assertEquals(Boolean.FALSE, ParameterValues.parse(f));
        }
        assertEquals("yes", ParameterValues.parse("yes"));
        assertEquals("off", ParameterValues.parse("off"));
        assertEquals("tRUE", ParameterValues.parse("tRUE"));
    }

    @Test
    void quotesKeepTextTextAndUnescape() {
        assertEquals("12", ParameterValues.parse("'12'"));
        assertEquals("true", ParameterValues.parse("\"true\""));
        assertEquals("it's", ParameterValues.parse("'it''s'"));
        assertEquals("a\"b\\c\nd\u00e9", ParameterValues.parse("\"a\\\"b\\\\c\\nd\\u00e9\""));
        assertEquals("", ParameterValues.parse("''"));
        assertEquals("null", ParameterValues.parse("'null'"));
        assertEquals("#base", ParameterValues.parse("'#base'"));
    }

    @Test
    void plainTextIsATrimmedString() {
        assertEquals("position", ParameterValues.parse("position"));
        assertEquals("hello world", ParameterValues.parse("  hello world  "));
        assertEquals("joint1,joint2", ParameterValues.parse("joint1,joint2"), "a comma outside a list is text");
        assertEquals("a[1]", ParameterValues.parse("a[1]"));
    }

    @Test
    void flowListsHoldValuesReadByTheSameRulesAndNest() {
        assertEquals(List.of("a1", "a2"), ParameterValues.parse("[a1, a2]"));
        assertEquals(List.of(1L, 2.5, true, "x"), ParameterValues.parse("[1,2.5, true ,x]"));
        assertEquals(List.of(), ParameterValues.parse("[]"));
        assertEquals(List.of(), ParameterValues.parse("[ ]"));
        assertEquals(List.of("a", "b"), ParameterValues.parse("[a, b,]"), "one trailing comma, as YAML allows");
        assertEquals(List.of(List.of(1L, 2L), List.of(3L)), ParameterValues.parse("[[1, 2], [3]]"));
        assertEquals(List.of("a,b", "c]"), ParameterValues.parse("['a,b', \"c]\"]"));
        assertEquals(List.of("hello world"), ParameterValues.parse("[hello world]"));
    }

    @Test
    void aValueIsNeverNull() {
        assertTrue(refusal("").contains("no value"));
        assertTrue(refusal("   ").contains("no value"));
        for (String n : List.of("null", "Null", "NULL", "~")) {
            assertTrue(refusal(n).contains("YAML's null"), n);
        }
        assertTrue(refusal("[a, ~]").contains("YAML's null"));
    }

    @Test
    void malformedListsAndQuotesAreRefusedSayingWhere() {
        assertEquals("the '[' at character 1 is not closed; expected ']'", refusal("[a, b"));
        assertTrue(refusal("[a,,b]").contains("an empty item in the list at character 4"));
        assertTrue(refusal("[,]").contains("empty item"));
        assertTrue(refusal("[a] b").contains("unexpected text after the value: 'b'"));
        assertTrue(refusal("'abc").contains("is not closed"));
        assertTrue(refusal("'a' b").contains("unexpected text after the value"));
        assertTrue(refusal("[a b c d e f [x]]").contains("inside a list item"));
        assertTrue(refusal("]").contains("unexpected ']'"));
        assertTrue(refusal("\"\\q\"").contains("unknown escape"));
    }

    @Test
    void mapsAreRefusedBecauseParametersAreFlat() {
        assertTrue(refusal("{a: 1}").contains("set each key on its own (a.b=1)"));
        assertTrue(refusal("[{a: 1}]").contains("map"));
    }

    @Test
    void textStartingWithAYamlIndicatorMustBeQuoted() {
        assertTrue(refusal("#base").contains("a comment"));
        assertTrue(refusal("*ref").contains("an alias"));
        assertTrue(refusal("&a").contains("an anchor"));
        assertTrue(refusal("!tag").contains("a tag"));
        assertTrue(refusal("|x").contains("block scalar"));
        assertTrue(refusal("[a, *b]").contains("an alias"));
    }

    @Test
    void hostileNestingIsBoundedInsteadOfOverflowingTheStack() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertTrue(refusal(deep).contains("nested deeper than " + ParameterValues.DEEPEST));
        String ok = "[".repeat(ParameterValues.DEEPEST) + "]".repeat(ParameterValues.DEEPEST);
        ParameterValues.parse(ok);
    }

    @Test
    void anAssignmentIsAKeyAndAValue() {
        assertEquals(Map.entry("gains.joint1.p", 2.5), ParameterValues.assignment("gains.joint1.p=2.5"));
        assertEquals(Map.entry("joints", List.of("a", "b")), ParameterValues.assignment(" joints = [a, b] "));
        assertEquals(Map.entry("expr", "a=b"), ParameterValues.assignment("expr=a=b"), "the first = splits");
        ParameterException noKey = assertThrows(ParameterException.class, () -> ParameterValues.assignment("=3"));
        assertEquals("'=3' is not key=value (e.g. gains.joint1.p=2.5)", noKey.getMessage());
        assertThrows(ParameterException.class, () -> ParameterValues.assignment("joints"));
        assertThrows(ParameterException.class, () -> ParameterValues.assignment("a b=1"));
        ParameterException bad = assertThrows(ParameterException.class, () -> ParameterValues.assignment("joints=[a"));
        assertEquals("joints", bad.key());
        assertEquals("parameter 'joints': the '[' at character 1 is not closed; expected ']'", bad.getMessage());
    }

    @Test
    void typedConfigAdminValuesAreTakenAsTheyAreAndTextIsRead() {
        assertEquals(List.of(1.0, 2.0), ParameterValues.value(new double[] { 1.0, 2.0 }));
        assertEquals(List.of(3L, 4L), ParameterValues.value(new int[] { 3, 4 }));
        assertEquals(List.of("a", 2L), ParameterValues.value(new String[] { "a", "2" }));
        assertEquals(List.of(true), ParameterValues.value(List.of("true")));
        assertEquals(5L, ParameterValues.value(5));
        assertEquals(0.5, ParameterValues.value(0.5f));
        assertEquals(List.of("x"), ParameterValues.value("[x]"));
        assertThrows(IllegalArgumentException.class, () -> ParameterValues.value(null));
        assertThrows(IllegalArgumentException.class, () -> ParameterValues.value(Map.of("a", 1)));
    }
}
