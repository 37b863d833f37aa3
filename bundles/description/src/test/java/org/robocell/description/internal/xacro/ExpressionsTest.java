package org.robocell.description.internal.xacro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * {@code ${...}} gives what Python gives for the expressions xacro files write: true division, exact ints,
 * precedence, {@code and}/{@code or} giving an operand, conditional expressions, membership, string methods,
 * indexing of YAML data, and Python's text for floats, which ends up in the URDF.
 */
class ExpressionsTest {

    private static final Map<String, Object> NAMES = Map.of(
            "width", 0.1, "n", 3L, "prefix", "", "arm", "fr3", "hand", Boolean.TRUE, "xyz", "-0.075 0 0.06",
            "limits", Map.of("joint1", Map.of("limit", Map.of("lower", -2.7437, "upper", 2.7437))),
            "ready", List.of(0.0, -0.785, 0.0));

    private static Object eval(String expression) {
        Builtins builtins = new Builtins(null);
        return new ExpressionEvaluator(name -> {
            Object v = NAMES.containsKey(name) ? NAMES.get(name) : builtins.get(name);
            if (v == null) {
                throw new XacroProblem("undefined " + name);
            }
            return v;
        }, new ExpansionBudget()).evaluate(ExpressionParser.parse(expression));
    }

    private static String text(String expression) {
        return PyValues.str(eval(expression));
    }

    @Test
    void arithmeticIsPythons() {
        assertEquals("1.0", text("255/255"));            // true division gives a float
        assertEquals("4", text("n + 1"));                // ints stay ints: joint${n+1}
        assertEquals("-4", text("-2**2"));               // ** binds tighter than a sign on its left
        assertEquals("512", text("2**3**2"));            // and is right-associative
        assertEquals("-2", text("-7 // 4"));             // floor division and modulo round down
        assertEquals("1", text("-7 % 4"));
        assertEquals("0.08333333333333333", text("1./12"));
        assertEquals("0.009166666666666668", text("1 / 12.0 * (width*width + width*width) * 5.5"));
        assertEquals("0.7853981633974483", text("pi/4"));
        assertEquals("-2.9670597283903604", text("-radians(170)"));
        assertEquals("6.283185307179586", text("math.radians(360)"));
        assertEquals("1.5707963267948966", text("math.atan2(1, 0)"));
        assertEquals("3", text("int(3.9)"));
        assertEquals("4", text("round(3.5)"));
    }

    @Test
    void floatsPrintAsPythonPrintsThem() {
        assertEquals("0.30000000000000004", text("0.1 + 0.2"));
        assertEquals("1e-05", text("0.00001"));
        assertEquals("0.0001", text("0.0001"));
        assertEquals("1e+16", text("1e16"));
        assertEquals("123456789012345.0", text("123456789012345.0"));
        assertEquals("-0.0", text("-0.0"));
        assertEquals("inf", text("float('inf')"));
    }

    @Test
    void logicAndConditionalsArePythons() {
        assertEquals("", text("prefix + '_' if prefix else ''"));
        assertEquals("fr3_", text("'' if prefix else arm + '_'"));
        assertEquals("fr3", text("prefix or arm"));        // or gives the first true operand
        assertEquals("", text("prefix and arm"));          // and the first false one
        assertEquals(Boolean.TRUE, eval("hand and arm == 'fr3' or arm == 'fer'"));
        assertEquals(Boolean.TRUE, eval("not prefix"));
        assertEquals(Boolean.TRUE, eval("0 < width <= 0.1"));
        assertEquals(Boolean.TRUE, eval("hand == 1"));     // a bool is 1 in comparisons
        assertEquals(Boolean.FALSE, eval("'1' == 1"));
    }

    @Test
    void membershipIndexingAndStringMethods() {
        assertEquals(Boolean.TRUE, eval("'x' in 'direction x'"));
        assertEquals(Boolean.TRUE, eval("'joint1' in limits"));
        assertEquals(Boolean.FALSE, eval("'joint9' in limits"));
        assertEquals(Boolean.TRUE, eval("-0.785 in ready"));
        assertEquals("-2.7437", text("limits['joint1']['limit'].lower"));
        assertEquals("2.7437", text("limits.joint1.limit.upper"));
        assertEquals("0.06", text("xyz.split(' ')[2]"));
        assertEquals("-0.075", text("xyz.split()[0]"));
        assertEquals("-0.785", text("ready[-2]"));
        assertEquals("[1, 2.5, 'a']", text("[1, 2.5, 'a']"));
        assertEquals("3", text("len(ready)"));
        assertEquals("FR3", text("arm.upper()"));
        assertEquals("a_b", text("'_'.join(['a', 'b'])"));
        assertEquals("-0.0", text("limits.get('joint9', -0.0)"));
    }

    @Test
    void mistakesAreNamedWithWhatWasExpected() {
        assertMessage("'+' cannot combine str 'fr3' and int 3; expected two numbers or two strings", "arm + n");
        assertMessage("division by zero; expected a divisor other than 0", "1 / (n - 3)");
        assertMessage("the dictionary has no key 'joint9' (did you mean 'joint1'?) (it has joint1); expected one of its "
                + "keys", "limits['joint9']");
        assertMessage("the dictionary has no key 'limt' (did you mean 'limit'?)", "limits.joint1.limt");
        assertMessage("float() of 'abc'; expected a number", "float('abc')");
        assertMessage("the index 5 is out of range for list of length 3; expected an index from -3 to 2", "ready[5]");
        assertMessage("math has no 'radian' (did you mean 'radians'?)", "math.radian(1)");
        assertMessage("cannot read ${(1 + 2}: the end at character 7; expected ')'", "(1 + 2");
        assertMessage("the integer result of 9223372036854775807 + 1 is too large", "9223372036854775807 + 1");
        assertMessage("the integer result of", "10**100");
        assertMessage("is nested more than 64 levels deep", "(".repeat(200) + "1" + ")".repeat(200));
        assertMessage("range() of more than 100000 numbers", "range(1000000000)");
    }

    private static void assertMessage(String fragment, String expression) {
        XacroProblem p = assertThrows(XacroProblem.class, () -> eval(expression));
        assertTrue(p.getMessage().contains(fragment), () -> "expected '" + fragment + "' in: " + p.getMessage());
        assertTrue(p.getMessage().contains("; expected"), () -> "no expectation in: " + p.getMessage());
    }
}
