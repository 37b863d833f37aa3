package org.robocell.controller.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Parameters;

class PidTest {

    @Test
    void proportionalTermIsPTimesError() {
        Pid pid = new Pid(Pid.Gains.of(2.0, 0.0, 0.0));
        assertEquals(1.0, pid.compute(0.5, 0.0, 0.01), 1e-12);
    }

    @Test
    void integralAccumulatesITimesErrorTimesPeriodAndIsClamped() {
        Pid pid = new Pid(new Pid.Gains(0.0, 10.0, 0.0, -0.25, 0.25, Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY));
        assertEquals(0.1, pid.compute(1.0, 0.0, 0.01), 1e-12);
        assertEquals(0.2, pid.compute(1.0, 0.0, 0.01), 1e-12);
        assertEquals(0.25, pid.compute(1.0, 0.0, 0.01), 1e-12);
        assertEquals(0.25, pid.compute(1.0, 0.0, 0.01), 1e-12);
        pid.reset();
        assertEquals(0.0, pid.integralTerm());
    }

    @Test
    void derivativeUsesTheGivenErrorRateOrTheDifferenceOfErrors() {
        Pid pid = new Pid(Pid.Gains.of(0.0, 0.0, 0.5));
        assertEquals(1.5, pid.compute(0.0, 3.0, 0.01), 1e-12);
        Pid estimating = new Pid(Pid.Gains.of(0.0, 0.0, 0.5));
        assertEquals(0.0, estimating.compute(1.0, 0.01), 1e-12);
        assertEquals(0.5 * (1.2 - 1.0) / 0.01, estimating.compute(1.2, 0.01), 1e-9);
    }

    @Test
    void outputIsClamped() {
        Pid pid = new Pid(new Pid.Gains(100.0, 0.0, 0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, -1.0,
                1.0));
        assertEquals(1.0, pid.compute(5.0, 0.0, 0.01));
        assertEquals(-1.0, pid.compute(-5.0, 0.0, 0.01));
    }

    @Test
    void gainsAreReadFromRos2ControllersParameterNames() {
        Parameters p = new Parameters("test", Map.of("gains.j1.p", 3.0, "gains.j1.i", 1L, "gains.j1.i_clamp", 0.4));
        Pid.Gains g = PidGains.read(p, "j1");
        assertEquals(3.0, g.p());
        assertEquals(1.0, g.i());
        assertEquals(0.0, g.d());
        assertEquals(-0.4, g.iClampMin());
        assertEquals(0.4, g.iClampMax());
        assertEquals(0.0, PidGains.read(p, "j2").p(), "a dof without gains has zero gains");
    }

    @Test
    void inconsistentClampsAreRefused() {
        Parameters p = new Parameters("test", Map.of("gains.j1.i_clamp_min", 1.0, "gains.j1.i_clamp_max", -1.0));
        assertThrows(IllegalArgumentException.class, () -> PidGains.read(p, "j1"));
    }
}
