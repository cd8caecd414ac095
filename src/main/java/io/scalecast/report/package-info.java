/**
 * Reports: tables in four formats behind one interface ({@link io.scalecast.report.TableFormat}:
 * text for terminals, CSV, Markdown, JSON; machine formats in {@code Locale.ROOT} with full
 * precision), PNG plots drawn headless with JFreeChart ({@link io.scalecast.report.Plots}),
 * and an HTML page linking plots and tables ({@link io.scalecast.report.HtmlReport}).
 */
package io.scalecast.report;
