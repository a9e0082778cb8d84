// Results written before the split (one `diffFromProfile` list holding gaps, contradictions and error
// cells alike) read as the split model: the old lists' meaning is recovered from each entry.
import { isProfileGap, type ProbeSection, type ProfileCellDiff } from "./model.js";

type StoredProbeSection = Omit<ProbeSection, "measuredWhereUnknown"> & { readonly measuredWhereUnknown?: readonly ProfileCellDiff[] };

export function splitLegacyProfileDiff(section: StoredProbeSection): ProbeSection {
  if (section.measuredWhereUnknown !== undefined) return section as ProbeSection;
  const measured = section.diffFromProfile.filter((entry) => entry.measured !== "error");
  return {
    ...section,
    diffFromProfile: measured.filter((entry) => !isProfileGap(entry.documented)),
    measuredWhereUnknown: measured.filter((entry) => isProfileGap(entry.documented)),
  };
}
