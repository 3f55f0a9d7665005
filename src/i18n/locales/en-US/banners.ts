/** The home page's banners (the carousel) and their screen in the back office (`/bms/bannerSet`). */
const banners = {
  banners: {
    label: "Featured",
    slide: "{{index}} of {{count}}",
    previous: "Previous banner",
    next: "Next banner",
    pause: "Pause the banners",
    play: "Play the banners",
    choose: "Choose a banner",
    show: "Show banner {{index}} of {{count}}",
  },
};

export default banners;
