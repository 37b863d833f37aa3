package org.robocell.deploy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The line of a .cfg file FileInstall cannot read. */
class CfgCheckTest {

    @Test
    void aMalformedUnicodeEscapeIsFoundOnItsLine() {
        Optional<CfgCheck.LineProblem> p = CfgCheck.firstProblem("# robot\nname=fr3\nurdf=c:\\users\\fr3.urdf\n");
        assertEquals(Optional.of(new CfgCheck.LineProblem(3, "malformed \\uXXXX escape '\\users'")), p);
        assertEquals("line 3: malformed \\uXXXX escape '\\users'", p.get().toString());
    }

    @Test
    void continuedLinesCountFromTheirFirstLine() {
        Optional<CfgCheck.LineProblem> p = CfgCheck.firstProblem("a=1\nlist=x,\\\n  y,\\\n  z\\u00\nb=2\n");
        assertEquals(2, p.orElseThrow().line());
    }

    @Test
    void inATypedFileAValueThatDoesNotParseIsNamedWithItsLine() {
        Optional<CfgCheck.LineProblem> p = CfgCheck.firstProblem("rate = I\"1000\"\nnames = [\"a\", \"b\"]\nperiod = D\"abc\"\n");
        CfgCheck.LineProblem problem = p.orElseThrow();
        assertEquals(3, problem.line());
        assertTrue(problem.text().startsWith("'period' is not a typed value ("), problem.text());
    }

    @Test
    void plainAndCorrectTypedFilesHaveNoProblem() {
        assertEquals(Optional.empty(), CfgCheck.firstProblem("name=fr3\nrate=abc\n# I\"x\n"));
        assertEquals(Optional.empty(), CfgCheck.firstProblem("rate = I\"1000\"\nnames = [\"a\", \"b\"]\nok = B\"true\"\n"));
        assertEquals(Optional.empty(), CfgCheck.firstProblem("text=a\\\\u0041 and \\u0041\n"));
        assertEquals(Optional.empty(), CfgCheck.firstProblem(""));
    }
}
