// The accessibility facts of a place, a fixed vocabulary: each is known true, known false, or
// unknown (absent). A module of its own: the back office's form lists them without the API's schemas.

export const accessibilityFacts = [
  'step_free_entrance',
  'accessible_toilet',
  'disabled_parking',
  'wheelchair_rental',
  'induction_loop',
  'guide_dogs',
  'quiet_hours',
] as const;
export type AccessibilityFact = (typeof accessibilityFacts)[number];
