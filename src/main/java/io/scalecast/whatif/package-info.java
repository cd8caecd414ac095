/**
 * What-if studies: variants of a base platform (another interconnect from published figures,
 * another node count, node speed or ranks per node), the same application predicted on each
 * through the sweep runner, and the cost per unit of performance when prices are given.
 * {@link io.scalecast.whatif.PlatformEdit} makes the variants by editing the platform XML.
 */
package io.scalecast.whatif;
