/**
 * Text helpers every bundle that talks to users shares, so that the shell, the description readers, the declared
 * controllers and the controller manager answer a mistyped name the same way: {@link org.robocell.api.text.Suggestions}.
 *
 * @since 1.0
 */
@Export
@Version("1.0.0")
package org.robocell.api.text;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
