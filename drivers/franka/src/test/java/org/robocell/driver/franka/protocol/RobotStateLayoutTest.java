package org.robocell.driver.franka.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Every offset and size of the RobotState table (libfranka-common {@code rbk_types.h}, offsets computed with g++ for
 * protocol 7 at commit dd768c8 and protocol 10 at d96c221): a known value written through {@link RobotState} must
 * appear in the raw bytes at the table's offset, and read back.
 */
class RobotStateLayoutTest {

    /** field → {v7 offset, v10 offset} from the table. */
    private static final Map<StateField, int[]> TABLE = Map.ofEntries(
            Map.entry(StateField.O_T_EE, new int[] { 8, 8 }), Map.entry(StateField.O_T_EE_D, new int[] { 136, 72 }),
            Map.entry(StateField.F_T_EE, new int[] { 264, 136 }), Map.entry(StateField.EE_T_K, new int[] { 392, 200 }),
            Map.entry(StateField.F_T_NE, new int[] { 520, 264 }), Map.entry(StateField.NE_T_EE, new int[] { 648, 328 }),
            Map.entry(StateField.M_EE, new int[] { 776, 392 }), Map.entry(StateField.I_EE, new int[] { 784, 396 }),
            Map.entry(StateField.F_X_CEE, new int[] { 856, 432 }), Map.entry(StateField.M_LOAD, new int[] { 880, 444 }),
            Map.entry(StateField.I_LOAD, new int[] { 888, 448 }),
            Map.entry(StateField.F_X_CLOAD, new int[] { 960, 484 }), Map.entry(StateField.ELBOW, new int[] { 984, 496 }),
            Map.entry(StateField.ELBOW_D, new int[] { 1000, 504 }), Map.entry(StateField.TAU_J, new int[] { 1016, 512 }),
            Map.entry(StateField.TAU_J_D, new int[] { 1072, 540 }), Map.entry(StateField.DTAU_J, new int[] { 1128, 568 }),
            Map.entry(StateField.Q, new int[] { 1184, 596 }), Map.entry(StateField.Q_D, new int[] { 1240, 624 }),
            Map.entry(StateField.DQ, new int[] { 1296, 652 }), Map.entry(StateField.DQ_D, new int[] { 1352, 680 }),
            Map.entry(StateField.DDQ_D, new int[] { 1408, 708 }),
            Map.entry(StateField.JOINT_CONTACT, new int[] { 1464, 736 }),
            Map.entry(StateField.CARTESIAN_CONTACT, new int[] { 1520, 764 }),
            Map.entry(StateField.JOINT_COLLISION, new int[] { 1568, 788 }),
            Map.entry(StateField.CARTESIAN_COLLISION, new int[] { 1624, 816 }),
            Map.entry(StateField.TAU_EXT_HAT_FILTERED, new int[] { 1672, 840 }),
            Map.entry(StateField.O_F_EXT_HAT_K, new int[] { 1728, 868 }),
            Map.entry(StateField.K_F_EXT_HAT_K, new int[] { 1776, 892 }),
            Map.entry(StateField.O_DP_EE_D, new int[] { 1824, 916 }), Map.entry(StateField.O_DDP_O, new int[] { 1872, 940 }),
            Map.entry(StateField.ELBOW_C, new int[] { 1896, 952 }), Map.entry(StateField.DELBOW_C, new int[] { 1912, 960 }),
            Map.entry(StateField.DDELBOW_C, new int[] { 1928, 968 }),
            Map.entry(StateField.O_T_EE_C, new int[] { 1944, 976 }),
            Map.entry(StateField.O_DP_EE_C, new int[] { 2072, 1040 }),
            Map.entry(StateField.O_DDP_EE_C, new int[] { 2120, 1064 }), Map.entry(StateField.THETA, new int[] { 2168, 1088 }),
            Map.entry(StateField.DTHETA, new int[] { 2224, 1116 }),
            Map.entry(StateField.ACCELEROMETER_TOP, new int[] { -1, 1144 }),
            Map.entry(StateField.ACCELEROMETER_BOTTOM, new int[] { -1, 1216 }));

    @Test
    void theTableCoversEveryField() {
        assertEquals(StateField.values().length, TABLE.size());
    }

    @Test
    void everyFieldLiesAtTheTablesOffsetInProtocol7AsDoubles() {
        for (StateField f : StateField.values()) {
            int offset = TABLE.get(f)[0];
            assertEquals(offset, RobotStateLayout.of(ProtocolVersion.V7).offset(f), f.wireName());
            if (offset < 0) {
                continue;
            }
            for (int i = 0; i < f.count(); i++) {
                RobotState s = new RobotState();
                double value = 1000 + f.ordinal() + i / 64.0;
                s.set(f, i, value);
                ByteBuffer b = ByteBuffer.allocate(4096);
                s.writeTo(b, ProtocolVersion.V7);
                assertEquals(value, b.getDouble(offset + 8 * i), f.wireName() + "[" + i + "]");
                RobotState back = new RobotState();
                back.readFrom(b, ProtocolVersion.V7);
                assertEquals(value, back.get(f, i), f.wireName() + "[" + i + "]");
            }
        }
    }

    @Test
    void everyFieldLiesAtTheTablesOffsetInProtocol10AsFloats() {
        for (StateField f : StateField.values()) {
            int offset = TABLE.get(f)[1];
            assertEquals(offset, RobotStateLayout.of(ProtocolVersion.V10).offset(f), f.wireName());
            for (int i = 0; i < f.count(); i++) {
                RobotState s = new RobotState();
                double value = 1000 + f.ordinal() + i / 64.0; // exact in float32
                s.set(f, i, value);
                ByteBuffer b = ByteBuffer.allocate(4096);
                s.writeTo(b, ProtocolVersion.V10);
                assertEquals((float) value, b.getFloat(offset + 4 * i), f.wireName() + "[" + i + "]");
                RobotState back = new RobotState();
                back.readFrom(b, ProtocolVersion.V10);
                assertEquals(value, back.get(f, i), f.wireName() + "[" + i + "]");
            }
        }
    }

    @Test
    void theEnumsFlagsAndSuccessRateLieAtTheTablesOffsets() {
        int[][] offsets = { { 2280, 2281, 2282, 2323, 2364, 2365, 2373 }, { 1288, 1289, 1290, 1331, 1372, 1373, 1377 } };
        ProtocolVersion[] versions = { ProtocolVersion.V7, ProtocolVersion.V10 };
        for (int v = 0; v < 2; v++) {
            ProtocolVersion version = versions[v];
            int[] o = offsets[v];
            RobotState s = new RobotState().messageId(0x0102030405060708L)
                    .motionGeneratorMode(MotionGeneratorMode.NONE).controllerMode(ControllerMode.EXTERNAL_CONTROLLER)
                    .robotMode(RobotMode.AUTOMATIC_ERROR_RECOVERY).controlCommandSuccessRate(0.75);
            s.errors()[FrankaError.BASE_ACCELERATION_INVALID_READING.ordinal()] = true;
            s.reflexReason()[FrankaError.JOINT_POSITION_LIMITS_VIOLATION.ordinal()] = true;
            ByteBuffer b = ByteBuffer.allocate(4096);
            s.writeTo(b, version);
            assertEquals(o[6], b.limit(), version + " size");
            assertEquals(o[6], version.robotStateSize());
            assertEquals(ByteOrder.LITTLE_ENDIAN, b.order());
            assertEquals(0x08, b.get(0), "message_id is little-endian");
            assertEquals(5, b.get(o[0]), "motion_generator_mode");
            assertEquals(2, b.get(o[1]), "controller_mode");
            assertEquals(1, b.get(o[2] + 40), "errors[40]");
            assertEquals(0, b.get(o[2]), "errors[0]");
            assertEquals(1, b.get(o[3]), "reflex_reason[0]");
            assertEquals(6, b.get(o[4]), "robot_mode");
            assertEquals(0.75, v == 0 ? b.getDouble(o[5]) : b.getFloat(o[5]), "control_command_success_rate");
            RobotState back = new RobotState();
            back.readFrom(b, version);
            assertEquals(0x0102030405060708L, back.messageId());
            assertEquals(MotionGeneratorMode.NONE, back.motionGeneratorMode());
            assertEquals(ControllerMode.EXTERNAL_CONTROLLER, back.controllerMode());
            assertEquals(RobotMode.AUTOMATIC_ERROR_RECOVERY, back.robotMode());
            assertTrue(back.error(FrankaError.BASE_ACCELERATION_INVALID_READING));
            assertTrue(back.reflexReason(FrankaError.JOINT_POSITION_LIMITS_VIOLATION));
            assertEquals(0.75, back.controlCommandSuccessRate());
        }
    }

    @Test
    void theErrorsAreLibfrankasFortyOneInItsOrderWithItsNames() {
        assertEquals(41, FrankaError.values().length);
        assertEquals("joint_position_limits_violation", FrankaError.values()[0].libfrankaName());
        assertEquals("joint_reflex", FrankaError.values()[6].libfrankaName());
        assertEquals("communication_constraints_violation", FrankaError.values()[25].libfrankaName());
        assertEquals("controller_torque_discontinuity", FrankaError.values()[32].libfrankaName());
        assertEquals("tau_J_range_violation", FrankaError.values()[34].libfrankaName());
        assertEquals("base_acceleration_invalid_reading", FrankaError.values()[40].libfrankaName());
        boolean[] flags = new boolean[41];
        flags[6] = true;
        flags[25] = true;
        assertEquals("[\"joint_reflex\", \"communication_constraints_violation\"]", FrankaError.describe(flags));
    }
}
