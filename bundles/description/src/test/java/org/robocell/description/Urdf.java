package org.robocell.description;

/** Small URDF documents written inline by the tests. */
final class Urdf {

    private Urdf() {
    }

    /** A {@code <robot name="test">} around {@code body}; the body starts on line 2. */
    static String robot(String body) {
        return "<robot name=\"test\">\n" + body + "</robot>\n";
    }

    /**
     * A two-finger gripper: {@code finger_left} is prismatic, {@code finger_right} mimics it, {@code palm_fixed} is
     * fixed. {@code ros2Control} is appended inside the robot; the URDF part ends on line 20.
     */
    static String gripper(String ros2Control) {
        return robot("""
                <link name="palm"/>
                <link name="left"/>
                <link name="right"/>
                <link name="camera"/>
                <joint name="finger_left" type="prismatic">
                  <parent link="palm"/><child link="left"/><axis xyz="0 1 0"/>
                  <limit lower="0" upper="0.04" velocity="0.2" effort="20"/>
                </joint>
                <joint name="finger_right" type="prismatic">
                  <parent link="palm"/><child link="right"/><axis xyz="0 -1 0"/>
                  <limit lower="0" upper="0.04" velocity="0.2" effort="20"/>
                  <mimic joint="finger_left" multiplier="-1" offset="0.01"/>
                </joint>
                <joint name="palm_fixed" type="fixed">
                  <parent link="palm"/><child link="camera"/>
                </joint>
                <link name="spare"/>
                <joint name="spare_joint" type="revolute"><parent link="palm"/><child link="spare"/>
                  <axis xyz="0 0 1"/><limit lower="-1" upper="1" velocity="1" effort="1"/></joint>
                """ + ros2Control);
    }
}
