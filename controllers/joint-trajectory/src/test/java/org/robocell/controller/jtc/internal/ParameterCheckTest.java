package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.ParameterCheck.Problem;
import org.robocell.api.controller.ParameterCheck.Reason;
import org.robocell.api.controller.Parameters;
import org.robocell.controller.common.ChannelDirectory;

/**
 * The trajectory controller answers a parameter change before it is stored, with what its configure would say: the
 * values a careless operator tries ({@code controller:set ... goal_time=abc}, NaN, -1, {@code joints=5},
 * unknown keys) are each refused with the key and what was expected.
 */
class ParameterCheckTest {

    /** The default cell's trajectory controller (runtime/cell/controllers.yaml). */
    private static Map<String, Object> cell() {
        Map<String, Object> p = new HashMap<>();
        p.put("joints", List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7"));
        p.put("command_interfaces", List.of("position"));
        p.put("state_interfaces", List.of("position", "velocity"));
        p.put("allow_partial_joints_goal", false);
        p.put("constraints.stopped_velocity_tolerance", 0.01);
        p.put("constraints.goal_time", 0.5);
        return p;
    }

    private final Controller jtc = new JointTrajectoryControllerFactory(new ChannelDirectory())
            .create("joint_trajectory_controller/JointTrajectoryController");

    private ParameterCheck check(String key, Object value) {
        Map<String, Object> p = cell();
        p.put(key, value);
        return jtc.checkParameters(new Parameters("test", p));
    }

    @Test
    void theDefaultCellsParametersAndEveryNameTheControllerReadsAreAccepted() {
        assertTrue(jtc.checkParameters(new Parameters("test", cell())).ok());
        Map<String, Object> all = cell();
        all.putAll(Map.of("interpolation_method", "none", "constraints.joint3.goal", 0.01,
                "constraints.joint3.trajectory", 0.1, "gains.joint1.p", 5.0, "gains.joint1.i_clamp", 1.0,
                "gains.joint1.ff_velocity_scale", 1.0, "max_points", 50L, "open_loop_control", true,
                "allow_nonzero_velocity_at_trajectory_end", true));
        all.put("update_rate", 100L);
        ParameterCheck c = jtc.checkParameters(new Parameters("test", all));
        assertTrue(c.ok(), c.toString());
    }

    @Test
    void aGoalTimeThatIsNotAFiniteNonNegativeNumberIsRefused() {
        assertEquals(new Problem("constraints.goal_time", Reason.INVALID,
                "parameter 'constraints.goal_time' must be a number, got 'abc'"),
                check("constraints.goal_time", "abc").first().orElseThrow());
        assertEquals("parameter 'constraints.goal_time' must be a number, got 'NaN'",
                check("constraints.goal_time", "NaN").message());
        assertEquals("parameter 'constraints.goal_time' must be a finite value >= 0, got NaN",
                check("constraints.goal_time", Double.NaN).message());
        assertEquals("parameter 'constraints.goal_time' must be a finite value >= 0, got -1.0",
                check("constraints.goal_time", -1L).message());
    }

    @Test
    void jointsMustBeAListOfDistinctNames() {
        assertEquals(new Problem("joints", Reason.INVALID, "parameter 'joints' must be a list of strings, got 5"),
                check("joints", 5L).first().orElseThrow());
        assertEquals("parameter 'joints' names an entry twice: [joint1, joint1]",
                check("joints", List.of("joint1", "joint1")).message());
    }

    @Test
    void anUnknownKeyIsRefusedWithTheNameItProbablyMeant() {
        ParameterCheck shortName = check("goal_time", 0.5);
        assertEquals(new Problem("goal_time", Reason.UNKNOWN,
                "unknown parameter 'goal_time' (did you mean 'constraints.goal_time'?)"),
                shortName.first().orElseThrow());
        assertEquals("unknown parameter 'constraints.goal_tim' (did you mean 'constraints.goal_time'?)",
                check("constraints.goal_tim", 0.5).message());
        assertEquals(Reason.UNKNOWN, check("gains.joint9.p", 1.0).first().orElseThrow().reason(),
                "joint9 is not one of the controller's joints");
    }

    @Test
    void nonFiniteGainsAreRefusedButAnInfiniteClampIsAllowed() {
        assertEquals("parameter 'gains.joint2.p' must be a finite number, got Infinity",
                check("gains.joint2.p", Double.POSITIVE_INFINITY).message());
        assertTrue(check("gains.joint2.u_clamp_max", Double.POSITIVE_INFINITY).ok());
        assertEquals("parameter 'gains.joint2.ff_velocity_scale' must be a finite number, got NaN",
                check("gains.joint2.ff_velocity_scale", Double.NaN).message());
    }
}
