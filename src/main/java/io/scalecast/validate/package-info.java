/**
 * Validation: a case ({@code validation/NAME/case.json}) is a list of scalecast commands that
 * calibrate and predict, plus a measured reference that is only ever compared against. This
 * package reads cases, pairs predicted and measured rows by key columns, computes signed
 * relative errors and tolerance verdicts, and (optionally) prediction intervals by re-running
 * the predictions on platforms sampled from the calibration's confidence intervals.
 */
package io.scalecast.validate;
