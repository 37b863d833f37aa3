package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.robocell.api.model.RobotModel;

class UrdfWriterTest {

    private static RobotModel fr3() {
        return RobotDescription.parse(Path.of("../../runtime/cell/fr3.urdf")).robot();
    }

    @Test
    void theWrittenUrdfReadsBackAsTheSameLinksAndJoints() {
        RobotModel model = fr3();
        RobotModel back = RobotDescription.parse(UrdfWriter.write(model), "written").robot();
        assertEquals(model.links().keySet(), back.links().keySet());
        assertEquals(model.joints(), back.joints().entrySet().stream().collect(java.util.stream.Collectors.toMap(
                java.util.Map.Entry::getKey, e -> withLimitsOf(model, e.getValue()), (a, b) -> a,
                java.util.LinkedHashMap::new)));
    }

    /** The writer keeps position, velocity and effort limits; the rest of JointLimits is the model's own. */
    private static org.robocell.api.model.Joint withLimitsOf(RobotModel model, org.robocell.api.model.Joint j) {
        org.robocell.api.model.Joint original = model.joints().get(j.name());
        assertEquals(original.limits().lower(), j.limits().lower(), 1e-9, j.name());
        assertEquals(original.limits().upper(), j.limits().upper(), 1e-9, j.name());
        return new org.robocell.api.model.Joint(j.name(), j.type(), j.parent(), j.child(), j.origin(), j.axis(),
                original.limits(), j.mimic(), original.softLimits());
    }

    @Test
    void namesAreEscapedSoThatAnyLinkNameStaysWellFormed() {
        assertEquals("a&amp;b&lt;c&gt;&quot;", UrdfWriter.xml("a&b<c>\""));
    }

    @Test
    void everyLinkIsDrawnSoThatTheThreeDPanelShowsTheArm() {
        String urdf = UrdfWriter.write(fr3());
        assertTrue(urdf.contains("<cylinder"), urdf);
        assertEquals(fr3().links().size(), urdf.split("<sphere", -1).length - 1);
    }
}
