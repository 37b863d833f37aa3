package org.robocell.motion.internal;

import java.util.List;

import org.robocell.api.model.Joint;
import org.robocell.api.model.RobotModel;

/** The default tool link of a robot: the leaf link reached through the most moving joints (the flange or tool). */
final class TipLink {

    private TipLink() {
    }

    static String of(RobotModel model) {
        String best = model.rootLink();
        int bestMoving = -1;
        int bestLength = -1;
        for (String link : model.links().keySet()) {
            boolean leaf = model.joints().values().stream().noneMatch(j -> j.parent().equals(link));
            if (!leaf) {
                continue;
            }
            List<Joint> chain = model.chainTo(link);
            int moving = (int) chain.stream().filter(j -> j.type().isSingleDof()).count();
            if (moving > bestMoving || (moving == bestMoving && chain.size() > bestLength)) {
                best = link;
                bestMoving = moving;
                bestLength = chain.size();
            }
        }
        return best;
    }
}
