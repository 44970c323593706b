/** The easing of a move between pages, shared by the category slider and each column's row slider. */
export const SLIDE_ANIMATION = { duration: 400, easing: (x: number) => 1 - (1 - x) ** 3 };
